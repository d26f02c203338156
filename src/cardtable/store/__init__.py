"""cardtable.store"""

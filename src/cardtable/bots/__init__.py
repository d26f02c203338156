"""cardtable.bots"""

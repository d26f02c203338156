"""cardtable.cli"""

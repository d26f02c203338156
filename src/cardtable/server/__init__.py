"""cardtable.server"""

"""cardtable.rl"""

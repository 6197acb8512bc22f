"""The rules engine: pure Python, no Django.

The WFB quick reference, the siege supplement chapter by chapter, exact odds and Monte Carlo.
"""

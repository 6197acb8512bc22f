"""The rules engine: pure Python, no Django (only :mod:`rules.apps` knows Django).

The WFB quick reference, the siege supplement chapter by chapter, exact odds and Monte Carlo.
"""

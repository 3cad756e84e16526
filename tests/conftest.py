"""Shared pytest setup of the nnstack tests.

pytest's default (prepend) import mode puts the folder of this file, tests/, on
sys.path, so test modules anywhere below it import the shared helpers here
(`generic_ir`) by their module name.
"""

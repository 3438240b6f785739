"""Helpers shared by the test suite and the project scripts."""

"""Backends: each turns a layout plan into file bytes and converts units only here."""

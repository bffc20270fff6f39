"""The laboratory: play many games at once to find faults (fuzz), to measure
speed (bench) and to study balance (simulate). Game-agnostic: everything
goes through the public interface."""

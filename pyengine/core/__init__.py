"""Engine core: the public API that every game implements, plus the match layer around it."""

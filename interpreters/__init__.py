"""nnstack.interpreters: numpy-backed xDSL interpreter functions for every dialect.

Runtime values: a tensor (or memref) is a numpy array of its element dtype; a float
scalar is a numpy scalar of its width (np.float32 for f32, ...); integers and indices
are Python ints or numpy integers.
"""

#!/usr/bin/env bash
# The main job on a shipped example: lower a small ResNet-style gawee network to
# linalg, run it on a seeded random input, and print the result.
source "$(dirname "$0")/scripts/venv.sh"
mkdir -p out
xdsl-opt examples/resnet_small.mlir -p convert-gawee-to-linalg -o out/resnet_small.linalg.mlir
echo "lowered examples/resnet_small.mlir to out/resnet_small.linalg.mlir"
nnstack-run out/resnet_small.linalg.mlir --symbol forward --random-inputs --seed 0

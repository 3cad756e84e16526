builtin.module {
  func.func @forward(%x: tensor<1x3x32x32xf32>, %conv1_weight: tensor<8x3x7x7xf32>, %conv1_bias: tensor<8xf32>, %conv2_weight: tensor<8x8x3x3xf32>, %conv2_bias: tensor<8xf32>, %conv3_weight: tensor<8x8x3x3xf32>, %conv3_bias: tensor<8xf32>, %conv4_weight: tensor<16x8x3x3xf32>, %conv4_bias: tensor<16xf32>, %conv5_weight: tensor<16x16x3x3xf32>, %conv5_bias: tensor<16xf32>, %conv6_weight: tensor<16x8x1x1xf32>, %conv6_bias: tensor<16xf32>, %fc_weight: tensor<10x16xf32>, %fc_bias: tensor<10xf32>) -> tensor<1x10xf32> {
    %0 = gawee.conv %x, %conv1_weight, %conv1_bias strides = [2, 2] padding = [3, 3] dilation = [1, 1] : (tensor<1x3x32x32xf32>, tensor<8x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x16x16xf32>
    %1 = gawee.relu %0 : (tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %2 = gawee.max_pool %1 kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32>
    %3 = gawee.conv %2, %conv2_weight, %conv2_bias strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %4 = gawee.relu %3 : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %5 = gawee.conv %4, %conv3_weight, %conv3_bias strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %6 = gawee.add %5, %2 : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %7 = gawee.relu %6 : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %8 = gawee.conv %7, %conv4_weight, %conv4_bias strides = [2, 2] padding = [1, 1] dilation = [1, 1] : (tensor<1x8x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<1x16x4x4xf32>
    %9 = gawee.relu %8 : (tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
    %10 = gawee.conv %9, %conv5_weight, %conv5_bias strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x16x4x4xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<1x16x4x4xf32>
    %11 = gawee.conv %7, %conv6_weight, %conv6_bias strides = [2, 2] padding = [0, 0] dilation = [1, 1] : (tensor<1x8x8x8xf32>, tensor<16x8x1x1xf32>, tensor<16xf32>) -> tensor<1x16x4x4xf32>
    %12 = gawee.add %10, %11 : (tensor<1x16x4x4xf32>, tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
    %13 = gawee.relu %12 : (tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
    %14 = gawee.ad_avg_pool %13 outputSize = [1, 1] : (tensor<1x16x4x4xf32>) -> tensor<1x16x1x1xf32>
    %15 = gawee.flatten %14 startDim = 1 endDim = -1 : (tensor<1x16x1x1xf32>) -> tensor<1x16xf32>
    %16 = gawee.linear %15, %fc_weight, %fc_bias : (tensor<1x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    func.return %16 : tensor<1x10xf32>
  }
}

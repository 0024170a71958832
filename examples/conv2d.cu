// 2-D convolution of a (width + 14) x (height + 14) image with a 15 x 15
// filter, one output pixel per thread (written for KernelTime; the shape of
// the benchmark_hub convolution, without its tiling parameters).
//   bash utils/demo.sh examples/conv2d.cu
#define FW 15

__constant__ float filter[FW * FW];

__global__ void conv2d(const float *image, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float sum = 0.0f;
#pragma unroll 1
  for (int i = 0; i < FW; ++i)
#pragma unroll 1
    for (int j = 0; j < FW; ++j)
      sum += image[(y + i) * (width + FW - 1) + x + j] * filter[i * FW + j];
  out[y * width + x] = sum;
}

// The two OpenMP functions gpu-benches' gpu-roofline/main.cu calls in its
// host code, declared so that its device compile (which does not run the
// host code) needs no OpenMP installation (utils/ktime_tools/
// adapt_gpubench_roofline.py).
#ifndef KTIME_DEVSET_OMP_H
#define KTIME_DEVSET_OMP_H
int omp_get_thread_num(void);
int omp_get_num_threads(void);
#endif

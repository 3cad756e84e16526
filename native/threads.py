"""The runtime of parallel loops: `nnstack_parallel_for`, which the code of
convert-llir-to-llvm{threads=N} calls for each outlined parallel loop
(`nnstack.transforms.llir_to_llvm.parallel`), written in LLVM IR and linked into the
module that calls it (`nnstack.native.backend.compile_object`); the threads are POSIX
threads, `pthread_create` and `pthread_join` resolved in the process (libc) when the
code is loaded.

`nnstack_parallel_for(fn, context, trips, threads, min_trips)` runs `fn(context,
begin, end)` over contiguous chunks of [0, trips): n = min(threads, trips / min_trips)
chunks (at least 1; `min_trips`: the fewest iterations worth a thread, which the
lowering estimates), chunk i = [trips * i / n, trips * (i + 1) / n),
each on a thread of its own while the calling thread waits to join them, all joined
before it returns (with the caller running chunk 0 itself, a 2048^3 product on 2 threads
took 163 ms; this way 127 ms, against 185 ms on one thread pinned to a CPU). A thread that cannot be created has its chunk run on
the calling thread. So
every iteration runs once, on one thread, whatever the machine's load: no pool, no
work stealing, nothing left running between calls.
"""

from __future__ import annotations

import llvmlite.binding

from nnstack.transforms.llir_to_llvm import RUNTIME_FUNCTION

RUNTIME_IR = f"""
%task = type {{ ptr, ptr, i64, i64 }}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)

define internal void @nnstack_run_task(ptr %task) {{
  %fn = load ptr, ptr %task
  %context.at = getelementptr %task, ptr %task, i32 0, i32 1
  %context = load ptr, ptr %context.at
  %begin.at = getelementptr %task, ptr %task, i32 0, i32 2
  %begin = load i64, ptr %begin.at
  %end.at = getelementptr %task, ptr %task, i32 0, i32 3
  %end = load i64, ptr %end.at
  call void %fn(ptr %context, i64 %begin, i64 %end)
  ret void
}}

define internal ptr @nnstack_thread(ptr %task) {{
  call void @nnstack_run_task(ptr %task)
  ret ptr null
}}

define void @{RUNTIME_FUNCTION}(ptr %fn, ptr %context, i64 %trips, i64 %threads, i64 %min.trips) {{
entry:
  %worth = sdiv i64 %trips, %min.trips
  %by.work = call i64 @llvm.smin.i64(i64 %threads, i64 %worth)
  %n = call i64 @llvm.smax.i64(i64 %by.work, i64 1)
  %one = icmp eq i64 %n, 1
  br i1 %one, label %serial, label %parallel

serial:
  %positive = icmp sgt i64 %trips, 0
  br i1 %positive, label %run.all, label %done
run.all:
  call void %fn(ptr %context, i64 0, i64 %trips)
  br label %done

parallel:
  %tasks = alloca %task, i64 %n, align 16
  %ids = alloca i64, i64 %n, align 16
  %started = alloca i8, i64 %n, align 16
  br label %fill

fill:
  %i = phi i64 [ 0, %parallel ], [ %i.next, %filled ]
  %i.next = add i64 %i, 1
  %task = getelementptr %task, ptr %tasks, i64 %i
  %low = mul i64 %trips, %i
  %begin = udiv i64 %low, %n
  %high = mul i64 %trips, %i.next
  %end = udiv i64 %high, %n
  store ptr %fn, ptr %task
  %context.at = getelementptr %task, ptr %task, i32 0, i32 1
  store ptr %context, ptr %context.at
  %begin.at = getelementptr %task, ptr %task, i32 0, i32 2
  store i64 %begin, ptr %begin.at
  %end.at = getelementptr %task, ptr %task, i32 0, i32 3
  store i64 %end, ptr %end.at
  %started.at = getelementptr i8, ptr %started, i64 %i
  store i8 0, ptr %started.at
  br label %spawn
spawn:
  %id.at = getelementptr i64, ptr %ids, i64 %i
  %status = call i32 @pthread_create(ptr %id.at, ptr null, ptr @nnstack_thread, ptr %task)
  %created = icmp eq i32 %status, 0
  br i1 %created, label %mark, label %inline
mark:
  store i8 1, ptr %started.at
  br label %filled
inline:
  call void @nnstack_run_task(ptr %task)
  br label %filled
filled:
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %fill, label %join

join:
  %j = phi i64 [ 0, %filled ], [ %j.next, %joined ]
  %j.next = add i64 %j, 1
  %was.started = getelementptr i8, ptr %started, i64 %j
  %flag = load i8, ptr %was.started
  %to.join = icmp ne i8 %flag, 0
  br i1 %to.join, label %wait, label %joined
wait:
  %thread.at = getelementptr i64, ptr %ids, i64 %j
  %thread = load i64, ptr %thread.at
  %ignored = call i32 @pthread_join(i64 %thread, ptr null)
  br label %joined
joined:
  %left = icmp slt i64 %j.next, %n
  br i1 %left, label %join, label %done

done:
  ret void
}}

declare i64 @llvm.smin.i64(i64, i64)
declare i64 @llvm.smax.i64(i64, i64)
"""


def uses_runtime(module: llvmlite.binding.ModuleRef) -> bool:
    """Whether `module` calls the parallel-loop runtime (declares it)."""
    try:
        function = module.get_function(RUNTIME_FUNCTION)
    except NameError:
        return False
    return function.is_declaration


def link_runtime(module: llvmlite.binding.ModuleRef) -> None:
    """Link the runtime into `module` (which declares it), as a function of its own
    (internal: each loaded object has its copy, and LLVM may inline it)."""
    runtime = llvmlite.binding.parse_assembly(RUNTIME_IR)
    runtime.triple = module.triple
    runtime.data_layout = module.data_layout
    module.link_in(runtime)
    module.get_function(RUNTIME_FUNCTION).linkage = llvmlite.binding.Linkage.internal

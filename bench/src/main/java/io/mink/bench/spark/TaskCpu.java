package io.mink.bench.spark;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * The executor CPU time, tasks and input records of the tasks Spark ran since the last {@link #reset}, from the task
 * metrics each executor reports with a task's end: the CPU of the task threads alone, so not the broker's nor the
 * driver's. Spark delivers the events on its listener bus after the job ends: {@link MinkSpark#tasks} waits for them.
 */
final class TaskCpu extends SparkListener {
  private final AtomicLong cpuNanos = new AtomicLong();
  private final AtomicLong tasks = new AtomicLong();
  private final AtomicLong records = new AtomicLong();

  /** What the tasks since the last reset used. */
  record Used(long cpuNanos, long tasks, long records) {}

  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    TaskMetrics metrics = taskEnd.taskMetrics();
    if (metrics == null) {
      return;
    }
    cpuNanos.addAndGet(metrics.executorCpuTime());
    records.addAndGet(metrics.inputMetrics().recordsRead());
    tasks.incrementAndGet();
  }

  void reset() {
    cpuNanos.set(0);
    tasks.set(0);
    records.set(0);
  }

  Used used() {
    return new Used(cpuNanos.get(), tasks.get(), records.get());
  }
}

package io.mink.indexer.round;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;

/**
 * The threads that encode Parquet, Mink's bottleneck. A Kafka partition always goes to the same
 * lane, so its rows are written in offset order by one thread; lanes run in parallel. Each lane's
 * queue is bounded: a fetch that runs ahead of the writers waits, which bounds memory.
 */
public final class WriterLanes implements AutoCloseable {
  @SuppressWarnings("UnnecessaryLambda") // the end-of-queue marker, recognised by identity
  private static final Runnable STOP = () -> {};

  private final List<BlockingQueue<Runnable>> queues = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  public WriterLanes(int lanes, int queueCapacity) {
    if (lanes < 1 || queueCapacity < 1) {
      throw new IllegalArgumentException("Need at least one lane and a queue capacity of one");
    }
    for (int lane = 0; lane < lanes; lane++) {
      BlockingQueue<Runnable> queue = new ArrayBlockingQueue<>(queueCapacity);
      Thread thread = new Thread(() -> run(queue), "mink-writer-" + lane);
      thread.setDaemon(true);
      queues.add(queue);
      threads.add(thread);
      thread.start();
    }
  }

  public int size() {
    return queues.size();
  }

  /** Queues a task on the partition's lane, waiting while the lane is full. */
  public void submit(int partition, Runnable task) {
    try {
      queues.get(Math.floorMod(partition, queues.size())).put(task);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while handing records to writer lane", e);
    }
  }

  /** Completes once every task queued so far on the partition's lane has run. */
  public CompletableFuture<Void> barrier(int partition) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    submit(partition, () -> done.complete(null));
    return done;
  }

  private static void run(BlockingQueue<Runnable> queue) {
    while (true) {
      Runnable task;
      try {
        task = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      if (task == STOP) {
        return;
      }
      task.run();
    }
  }

  @Override
  public void close() {
    for (BlockingQueue<Runnable> queue : queues) {
      queue.offer(STOP);
    }
    for (Thread thread : threads) {
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}

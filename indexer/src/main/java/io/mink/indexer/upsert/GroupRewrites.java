package io.mink.indexer.upsert;

import io.mink.lake.compaction.CompactionPlanner;
import io.mink.lake.compaction.DeletedRowsRewriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;

/**
 * Rewrites an upsert compaction's groups, up to {@code parallelism} at once, each into a file of its own. Two
 * groups never share a file: each group's writer is named by its own operation ({@code <operation>-<group>}) and
 * a writer UUID ({@link io.mink.lake.write.FileNames}), and files are created, never overwritten. The groups'
 * inputs are read-only here (the deleted rows of each file are decided before), and the key index moves only
 * after every group is rewritten, on the caller's thread.
 */
final class GroupRewrites {
  private GroupRewrites() {}

  /**
   * The groups rewritten, in group order. On a failure every file the other groups wrote is deleted and the first
   * failure, in group order, is thrown.
   */
  static List<DeletedRowsRewriter.Rewritten> rewrite(
      Table table,
      List<List<DataFile>> groups,
      Function<DataFile, LongPredicate> deleted,
      int parallelism,
      String operationId) {
    int threads = Math.min(groups.size(), Math.max(1, parallelism));
    if (threads <= 1) {
      return inOrder(table, groups, deleted, operationId);
    }
    AtomicInteger started = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread thread =
          new Thread(task, "mink-rewrite-" + operationId + "-" + started.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<CompletableFuture<DeletedRowsRewriter.Rewritten>> rewrites = new ArrayList<>();
      for (int i = 0; i < groups.size(); i++) {
        int group = i;
        rewrites.add(CompletableFuture.supplyAsync(
            () -> rewriteGroup(table, groups.get(group), deleted, operationId, group), pool));
      }
      return collect(table, rewrites);
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<DeletedRowsRewriter.Rewritten> inOrder(
      Table table,
      List<List<DataFile>> groups,
      Function<DataFile, LongPredicate> deleted,
      String operationId) {
    List<DeletedRowsRewriter.Rewritten> done = new ArrayList<>();
    try {
      for (int i = 0; i < groups.size(); i++) {
        done.add(rewriteGroup(table, groups.get(i), deleted, operationId, i));
      }
    } catch (RuntimeException e) {
      deleteWritten(table, done);
      throw e;
    }
    return done;
  }

  private static DeletedRowsRewriter.Rewritten rewriteGroup(
      Table table,
      List<DataFile> group,
      Function<DataFile, LongPredicate> deleted,
      String operationId,
      int index) {
    int partition = CompactionPlanner.kafkaPartition(group.get(0)).orElseThrow();
    return DeletedRowsRewriter.rewrite(table, group, deleted, partition, operationId + "-" + index);
  }

  /** Waits for every rewrite, so that none still writes when the files of the others are deleted. */
  private static List<DeletedRowsRewriter.Rewritten> collect(
      Table table, List<CompletableFuture<DeletedRowsRewriter.Rewritten>> rewrites) {
    List<DeletedRowsRewriter.Rewritten> done = new ArrayList<>();
    RuntimeException failure = null;
    for (CompletableFuture<DeletedRowsRewriter.Rewritten> rewrite : rewrites) {
      try {
        done.add(rewrite.join());
      } catch (CompletionException | CancellationException e) {
        if (failure == null) {
          failure = e.getCause() instanceof RuntimeException cause
              ? cause
              : new IllegalStateException("Rewriting a compaction group failed", e.getCause());
        } else {
          failure.addSuppressed(e.getCause() == null ? e : e.getCause());
        }
      }
    }
    if (failure != null) {
      deleteWritten(table, done);
      throw failure;
    }
    return done;
  }

  private static void deleteWritten(Table table, List<DeletedRowsRewriter.Rewritten> done) {
    done.stream()
        .filter(rewritten -> rewritten.file() != null)
        .forEach(rewritten -> table.io().deleteFile(rewritten.file().location()));
  }
}

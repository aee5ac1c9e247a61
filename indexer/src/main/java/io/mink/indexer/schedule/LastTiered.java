package io.mink.indexer.schedule;

import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** When a table was last tiered, for scheduling a table this instance starts to own. */
final class LastTiered {
  private static final Logger LOG = LoggerFactory.getLogger(LastTiered.class);

  /** Catalog reads at once when an instance takes over many tables, as at its start. */
  static final int PARALLEL_READS = 8;

  private LastTiered() {}

  /**
   * When each table was last tiered, in the order given, read {@value #PARALLEL_READS} tables at a time: an
   * instance that starts owning 200 tables would otherwise wait for 200 catalog reads one after the other.
   * Interrupted, it returns null (not known) for the tables not read yet.
   */
  static List<Instant> ofAll(LakeTables lake, List<TableDescriptor> descriptors) {
    if (descriptors.size() <= 1) {
      return descriptors.stream().map(descriptor -> of(lake, descriptor)).toList();
    }
    ExecutorService readers = Executors.newFixedThreadPool(
        Math.min(PARALLEL_READS, descriptors.size()), LastTiered::readerThread);
    try {
      List<Future<Instant>> reads = new ArrayList<>();
      for (TableDescriptor descriptor : descriptors) {
        reads.add(readers.submit(() -> of(lake, descriptor)));
      }
      List<Instant> lastTiered = new ArrayList<>();
      for (Future<Instant> read : reads) {
        lastTiered.add(result(read));
      }
      return lastTiered;
    } finally {
      readers.shutdownNow();
    }
  }

  private static Instant result(Future<Instant> read) {
    if (Thread.currentThread().isInterrupted()) {
      return null;
    }
    try {
      return read.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException e) {
      return null;
    }
  }

  private static Thread readerThread(Runnable task) {
    Thread thread = new Thread(task, "mink-last-tiered");
    thread.setDaemon(true);
    return thread;
  }

  /** When the table's newest Mink snapshot was committed; null when it has none or the catalog cannot say. */
  static Instant of(LakeTables lake, TableDescriptor descriptor) {
    try {
      return MinkSnapshot.newest(lake.load(TieringService.identifier(descriptor)))
          .map(snapshot -> Instant.ofEpochMilli(snapshot.timestampMillis()))
          .orElse(null);
    } catch (NoSuchTableException e) {
      return null;
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the last snapshot of {}: {}", descriptor.qualifiedName(), e.getMessage());
      return null;
    }
  }
}

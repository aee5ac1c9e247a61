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
import java.util.function.BiConsumer;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** When a table was last tiered, for scheduling a table this instance starts to own. */
final class LastTiered {
  private static final Logger LOG = LoggerFactory.getLogger(LastTiered.class);

  /**
   * A table read as this instance takes it.
   *
   * @param lastTiered when its newest Mink snapshot was committed; null when it has none or the catalog cannot say
   * @param table the table as loaded for it, which its first round can start from (a round refreshes it); null when
   *     it could not be loaded
   */
  record Read(Instant lastTiered, Table table) {
    static final Read UNKNOWN = new Read(null, null);
  }

  /** Catalog reads at once when an instance takes over many tables, as at its start. */
  static final int PARALLEL_READS = 8;

  private LastTiered() {}

  /**
   * Reads when each table was last tiered, {@value #PARALLEL_READS} tables at a time, and hands each to {@code read}
   * on the calling thread, in the order given, as soon as it and those before it are read: an instance that starts
   * owning 2,500 tables schedules the first while the rest are still read, instead of after 2,500 catalog reads.
   * Interrupted, it hands over the tables not read yet as not known ({@link Read#UNKNOWN}).
   */
  static void forEach(
      LakeTables lake, List<TableDescriptor> descriptors, BiConsumer<TableDescriptor, Read> read) {
    if (descriptors.size() <= 1) {
      descriptors.forEach(descriptor -> read.accept(descriptor, of(lake, descriptor)));
      return;
    }
    ExecutorService readers = Executors.newFixedThreadPool(
        Math.min(PARALLEL_READS, descriptors.size()), LastTiered::readerThread);
    try {
      List<Future<Read>> reads = new ArrayList<>();
      for (TableDescriptor descriptor : descriptors) {
        reads.add(readers.submit(() -> of(lake, descriptor)));
      }
      for (int i = 0; i < descriptors.size(); i++) {
        read.accept(descriptors.get(i), result(reads.get(i)));
      }
    } finally {
      readers.shutdownNow();
    }
  }

  private static Read result(Future<Read> read) {
    if (Thread.currentThread().isInterrupted()) {
      return Read.UNKNOWN;
    }
    try {
      return read.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Read.UNKNOWN;
    } catch (ExecutionException e) {
      return Read.UNKNOWN;
    }
  }

  private static Thread readerThread(Runnable task) {
    Thread thread = new Thread(task, "mink-last-tiered");
    thread.setDaemon(true);
    return thread;
  }

  /** The table loaded, with when its newest Mink snapshot was committed. */
  static Read of(LakeTables lake, TableDescriptor descriptor) {
    try {
      Table table = lake.load(TieringService.identifier(descriptor));
      return new Read(
          MinkSnapshot.newest(table)
              .map(snapshot -> Instant.ofEpochMilli(snapshot.timestampMillis()))
              .orElse(null),
          table);
    } catch (NoSuchTableException e) {
      return Read.UNKNOWN;
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the last snapshot of {}: {}", descriptor.qualifiedName(), e.getMessage());
      return Read.UNKNOWN;
    }
  }
}

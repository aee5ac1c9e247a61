package io.mink.query.read;

/** What a read tells while it works, for a progress bar. Every method is called on the reading thread. */
public interface ReadProgress {
  ReadProgress NONE = new ReadProgress() {};

  /** The read is planned: how many partitions, lake files and tail records it will read at most. */
  default void planned(int partitions, long lakeFiles, long tailRecords) {}

  /** More records of the tail were read and decoded. */
  default void tailRead(long records) {}

  /** More rows were handed to the caller. */
  default void emitted(long rows) {}
}

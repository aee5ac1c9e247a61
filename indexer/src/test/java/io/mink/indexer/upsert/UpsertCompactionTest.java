package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.junit.jupiter.api.Test;

class UpsertCompactionTest {
  @Test
  void anOldFileJoinsARewriteOnlyOnceTheNewerFilesWouldDoubleIt() {
    assertThat(sizes(UpsertCompaction.tiered(files(100, 10, 10, 10))))
        .containsExactly(10L, 10L, 10L);
    assertThat(sizes(UpsertCompaction.tiered(files(100, 60, 50)))).containsExactly(100L, 60L, 50L);
    assertThat(sizes(UpsertCompaction.tiered(files(400, 100, 30, 10, 10, 10))))
        .containsExactly(30L, 10L, 10L, 10L);
    assertThat(sizes(UpsertCompaction.tiered(files(70, 30, 10, 10, 10))))
        .containsExactly(30L, 10L, 10L, 10L);
  }

  private static List<DataFile> files(long... sizes) {
    return LongStream.of(sizes)
        .mapToObj(size -> DataFiles.builder(PartitionSpec.unpartitioned())
            .withPath("file-" + size + "-" + System.nanoTime() + ".parquet")
            .withFileSizeInBytes(size)
            .withRecordCount(1)
            .build())
        .toList();
  }

  private static List<Long> sizes(List<DataFile> files) {
    return files.stream().map(DataFile::fileSizeInBytes).toList();
  }
}

package io.mink.lake.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFileIOTest {
  @TempDir
  Path dir;

  private final LocalFileIO io = new LocalFileIO();

  @Test
  void writesFoldersAsNeededAndReadsBackWithPositionsAndSeeks() throws IOException {
    String location = "file:" + dir + "/data/_kafka_partition=3/a.parquet";
    try (PositionOutputStream out = io.newOutputFile(location).create()) {
      out.write("hello ".getBytes(StandardCharsets.UTF_8));
      out.write('w');
      assertThat(out.getPos()).isEqualTo(7);
      out.write("orld".getBytes(StandardCharsets.UTF_8), 0, 4);
      assertThat(out.getPos()).isEqualTo(11);
    }
    InputFile input = io.newInputFile(location);
    assertThat(input.exists()).isTrue();
    assertThat(input.getLength()).isEqualTo(11);
    try (SeekableInputStream in = input.newStream()) {
      in.seek(6);
      assertThat(in.read()).isEqualTo('w');
      assertThat(in.getPos()).isEqualTo(7);
      byte[] rest = new byte[10];
      assertThat(in.read(rest, 0, 10)).isEqualTo(4);
      assertThat(new String(rest, 0, 4, StandardCharsets.UTF_8)).isEqualTo("orld");
      assertThat(in.read()).isEqualTo(-1);
      in.seek(0);
      assertThat(in.readAllBytes()).asString(StandardCharsets.UTF_8).isEqualTo("hello world");
    }
  }

  @Test
  void createRefusesAnExistingFileAndCreateOrOverwriteReplacesIt() throws IOException {
    String location = dir + "/metadata/v1.metadata.json";
    try (PositionOutputStream out = io.newOutputFile(location).create()) {
      out.write(new byte[100]);
    }
    assertThatThrownBy(() -> io.newOutputFile(location).create())
        .isInstanceOf(AlreadyExistsException.class)
        .hasMessageContaining(location);
    try (PositionOutputStream out = io.newOutputFile(location).createOrOverwrite()) {
      out.write(new byte[3]);
    }
    assertThat(io.newInputFile(location).getLength()).isEqualTo(3);
  }

  @Test
  void aMissingFileIsNotFoundAndItsDeletionIsQuiet() {
    String location = "file://" + dir + "/missing.parquet";
    assertThat(io.newInputFile(location).exists()).isFalse();
    assertThatThrownBy(() -> io.newInputFile(location).newStream())
        .isInstanceOf(NotFoundException.class)
        .hasMessageContaining(location);
    assertThatThrownBy(() -> io.newInputFile(location).getLength())
        .isInstanceOf(NotFoundException.class);
    io.deleteFile(location);
  }

  @Test
  void readsAndDeletesWhatHadoopWroteWithItsChecksumFiles() throws IOException {
    String location = "file:" + dir + "/data/b.parquet";
    try (HadoopFileIO hadoop = new HadoopFileIO(new org.apache.hadoop.conf.Configuration(false))) {
      try (PositionOutputStream out = hadoop.newOutputFile(location).create()) {
        out.write(new byte[] {1, 2, 3});
      }
    }
    Path file = dir.resolve("data/b.parquet");
    assertThat(LocalFileIO.checksumOf(file)).exists();
    assertThat(io.newInputFile(location).getLength()).isEqualTo(3);
    io.deleteFile(location);
    assertThat(file).doesNotExist();
    assertThat(LocalFileIO.checksumOf(file)).doesNotExist();
  }

  @Test
  void escapedPartitionValuesAreTakenLiterallyAsHadoopTakesThem() throws IOException {
    String location = "file:" + dir + "/data/day=2024-01-01%3A00/c.parquet";
    try (PositionOutputStream out = io.newOutputFile(location).create()) {
      out.write(1);
    }
    assertThat(dir.resolve("data/day=2024-01-01%3A00/c.parquet")).exists();
    try (HadoopFileIO hadoop = new HadoopFileIO(new org.apache.hadoop.conf.Configuration(false))) {
      assertThat(hadoop.newInputFile(location).getLength()).isEqualTo(1);
    }
  }

  @Test
  void listsAndDeletesEverythingUnderAFolder() throws IOException {
    for (String name : List.of("data/p=0/a", "data/p=1/b", "metadata/m")) {
      try (PositionOutputStream out = io.newOutputFile(dir + "/t/" + name).create()) {
        out.write(new byte[7]);
      }
    }
    List<FileInfo> files = StreamSupport.stream(
            io.listPrefix("file://" + dir + "/t/data").spliterator(), false)
        .toList();
    assertThat(files)
        .extracting(FileInfo::location)
        .containsExactlyInAnyOrder(
            "file:" + dir + "/t/data/p=0/a", "file:" + dir + "/t/data/p=1/b");
    assertThat(files).allSatisfy(file -> assertThat(file.size()).isEqualTo(7));
    assertThat(io.listPrefix(dir + "/none")).isEmpty();
    io.deletePrefix(dir + "/t/data");
    assertThat(dir.resolve("t/data")).doesNotExist();
    assertThat(dir.resolve("t/metadata/m")).exists();
  }

  @Test
  void refusesLocationsOfOtherFileSystemsSayingWhichFileIoToUse() {
    assertThatThrownBy(() -> io.newInputFile("s3://bucket/wh/a.parquet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("s3://bucket/wh/a.parquet is not a local file")
        .hasMessageContaining("io-impl");
    assertThatThrownBy(() -> io.newOutputFile("file://host/wh/a.parquet"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(LocalLocations.isLocal("relative/path")).isFalse();
    assertThat(LocalLocations.isLocal("/wh")).isTrue();
    assertThat(Files.isDirectory(dir)).isTrue();
  }
}

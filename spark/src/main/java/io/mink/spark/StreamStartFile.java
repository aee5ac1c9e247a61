package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The offset a stream started from, kept in the source's checkpoint directory: Spark asks a source for its initial
 * offset again when the query stops before its first micro-batch commits, and the stream must start from the same
 * point then, not from the table as it is at the restart. Written once, through a file of a unique name renamed to
 * its place, so that a driver killed while writing leaves no half-written start.
 */
final class StreamStartFile {
  static final String NAME = "mink-start.json";

  private final Path path;
  private final Configuration hadoop;

  StreamStartFile(String checkpointLocation, Configuration hadoop) {
    this.path = new Path(requireNonNull(checkpointLocation, "checkpointLocation is null"), NAME);
    this.hadoop = requireNonNull(hadoop, "hadoop is null");
  }

  /** The start the checkpoint holds, or {@code initial}'s, written there first. */
  MinkStreamOffset readOrWrite(Supplier<MinkStreamOffset> initial) {
    try {
      FileSystem fs = path.getFileSystem(hadoop);
      if (fs.exists(path)) {
        return read(fs);
      }
      MinkStreamOffset start = initial.get();
      fs.mkdirs(path.getParent());
      Path temporary = new Path(path.getParent(), "." + NAME + "." + UUID.randomUUID() + ".tmp");
      try (OutputStream out = fs.create(temporary, false)) {
        out.write(start.json().getBytes(StandardCharsets.UTF_8));
      }
      if (!fs.rename(temporary, path)) {
        fs.delete(temporary, false);
        return read(fs);
      }
      return start;
    } catch (IOException e) {
      throw MinkException.external(
          "Cannot keep the stream's start in its checkpoint at " + path + " (" + e.getMessage()
              + "): check that the checkpoint location is writable",
          e);
    }
  }

  private MinkStreamOffset read(FileSystem fs) throws IOException {
    try (InputStream in = fs.open(path)) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      in.transferTo(bytes);
      return MinkStreamOffset.parse(bytes.toString(StandardCharsets.UTF_8));
    }
  }
}

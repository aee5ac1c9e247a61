package io.mink.lake.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.SeekableInputStream;

/** A local file to read. Its length is read once, when first asked, or given when a listing already knew it. */
final class LocalInputFile implements InputFile {
  private final String location;
  private final Path path;
  private long length;

  LocalInputFile(String location, Path path, long length) {
    this.location = location;
    this.path = path;
    this.length = length;
  }

  @Override
  public long getLength() {
    if (length < 0) {
      try {
        length = Files.size(path);
      } catch (NoSuchFileException e) {
        throw new NotFoundException(e, "File does not exist: %s", location);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the length of " + location, e);
      }
    }
    return length;
  }

  @Override
  public SeekableInputStream newStream() {
    try {
      return LocalInputStream.open(path);
    } catch (NoSuchFileException e) {
      throw new NotFoundException(e, "File does not exist: %s", location);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open " + location, e);
    }
  }

  @Override
  public String location() {
    return location;
  }

  @Override
  public boolean exists() {
    return Files.exists(path);
  }
}

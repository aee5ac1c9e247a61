package io.mink.lake.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;

/** A local file to write; its folders are made as needed. */
final class LocalOutputFile implements OutputFile {
  private final String location;
  private final Path path;

  LocalOutputFile(String location, Path path) {
    this.location = location;
    this.path = path;
  }

  @Override
  public PositionOutputStream create() {
    try {
      return open(StandardOpenOption.CREATE_NEW);
    } catch (FileAlreadyExistsException e) {
      throw new AlreadyExistsException(e, "File already exists: %s", location);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + location, e);
    }
  }

  @Override
  public PositionOutputStream createOrOverwrite() {
    try {
      return open(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + location, e);
    }
  }

  private PositionOutputStream open(StandardOpenOption... options) throws IOException {
    Path parent = path.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    return new LocalOutputStream(Files.newOutputStream(path, options));
  }

  @Override
  public String location() {
    return location;
  }

  @Override
  public InputFile toInputFile() {
    return new LocalInputFile(location, path, -1);
  }
}

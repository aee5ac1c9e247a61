package io.mink.lake.write.batch;

import java.io.IOException;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * An Iceberg output file as parquet-java writes to one: through the stream of its FileIO. The file is always
 * created, never overwritten, even when asked to overwrite: a name met twice fails instead of replacing data.
 */
final class ParquetOutput implements OutputFile {
  private final org.apache.iceberg.io.OutputFile file;

  ParquetOutput(org.apache.iceberg.io.OutputFile file) {
    this.file = file;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) {
    return new Stream(file.create());
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) {
    return create(blockSizeHint);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return file.location();
  }

  private static final class Stream extends PositionOutputStream {
    private final org.apache.iceberg.io.PositionOutputStream out;

    Stream(org.apache.iceberg.io.PositionOutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() throws IOException {
      return out.getPos();
    }

    @Override
    public void write(int value) throws IOException {
      out.write(value);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}

package io.mink.lake.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.iceberg.io.PositionOutputStream;

/** Writes a local file through a buffer, counting the bytes written. */
final class LocalOutputStream extends PositionOutputStream {
  private static final int BUFFER_BYTES = 256 * 1024;

  private final OutputStream out;
  private long position;

  LocalOutputStream(OutputStream file) {
    this.out = new BufferedOutputStream(file, BUFFER_BYTES);
  }

  @Override
  public long getPos() {
    return position;
  }

  @Override
  public void write(int value) throws IOException {
    out.write(value);
    position++;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
    position += length;
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

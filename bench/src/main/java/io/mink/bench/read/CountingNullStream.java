package io.mink.bench.read;

import java.io.OutputStream;

/** An output stream that keeps nothing and counts the bytes written to it. */
final class CountingNullStream extends OutputStream {
  private long bytes;

  @Override
  public void write(int b) {
    bytes++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    bytes += len;
  }

  long bytes() {
    return bytes;
  }
}

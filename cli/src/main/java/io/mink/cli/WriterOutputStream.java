package io.mink.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Bytes written as UTF-8 text to a writer, for an environment whose stdout is a writer, as in tests: what is written
 * reaches the writer at each flush and at close.
 */
final class WriterOutputStream extends OutputStream {
  private final PrintWriter writer;
  private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

  WriterOutputStream(PrintWriter writer) {
    this.writer = writer;
  }

  @Override
  public synchronized void write(int b) {
    pending.write(b);
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    pending.write(b, off, len);
  }

  @Override
  public synchronized void flush() {
    byte[] bytes = pending.toByteArray();
    int complete = completeLength(bytes);
    writer.write(new String(bytes, 0, complete, StandardCharsets.UTF_8));
    writer.flush();
    pending.reset();
    pending.write(bytes, complete, bytes.length - complete);
  }

  /** How many of the bytes end on a whole UTF-8 character: a character cut at the end waits for its rest. */
  static int completeLength(byte[] bytes) {
    for (int i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
      int b = bytes[i] & 0xFF;
      if ((b & 0xC0) != 0x80) {
        int length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        return i + length > bytes.length ? i : bytes.length;
      }
    }
    return bytes.length;
  }

  @Override
  public void close() {
    flush();
  }
}

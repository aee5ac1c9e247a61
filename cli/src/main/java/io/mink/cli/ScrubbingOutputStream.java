package io.mink.cli;

import io.mink.schema.secret.KnownSecrets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Bytes written on to another stream line by line, with the known secrets of the loaded configuration hidden (see
 * {@link KnownSecrets}): what the process's own stdout and stderr become, so that no log line of Mink or of a library
 * shows a secret. A flush passes on a line written so far.
 */
final class ScrubbingOutputStream extends OutputStream {
  private final OutputStream out;
  private final Charset charset;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private ScrubbingOutputStream(OutputStream out, Charset charset) {
    this.out = out;
    this.charset = charset;
  }

  /**
   * A print stream over {@code out} that hides the known secrets, in the default charset as {@link System#out}
   * writes. It does not flush by itself: an auto-flushing print stream flushes at every write, which would pass on
   * a line in pieces, each too short to hold the secret it is part of. Whole lines pass on as they end.
   */
  static PrintStream scrubbing(PrintStream out) {
    return new PrintStream(
        new ScrubbingOutputStream(out, Charset.defaultCharset()), false, Charset.defaultCharset());
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      passOn();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    for (int i = offset; i < offset + length; i++) {
      write(bytes[i]);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    passOn();
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
    out.close();
  }

  private void passOn() throws IOException {
    if (line.size() > 0) {
      out.write(KnownSecrets.scrub(line.toString(charset)).getBytes(charset));
      line.reset();
    }
  }
}

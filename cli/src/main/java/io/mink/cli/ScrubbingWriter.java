package io.mink.cli;

import io.mink.schema.secret.KnownSecrets;
import java.io.IOException;
import java.io.Writer;

/**
 * Text written on to another writer line by line, with the known secrets of the loaded configuration hidden (see
 * {@link KnownSecrets}): a flush passes on a line written so far.
 */
final class ScrubbingWriter extends Writer {
  private final Writer out;
  private final StringBuilder line = new StringBuilder();

  ScrubbingWriter(Writer out) {
    this.out = out;
  }

  @Override
  public synchronized void write(char[] chars, int offset, int length) throws IOException {
    for (int i = offset; i < offset + length; i++) {
      line.append(chars[i]);
      if (chars[i] == '\n') {
        passOn();
      }
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
    if (line.length() > 0) {
      out.write(KnownSecrets.scrub(line.toString()));
      line.setLength(0);
    }
  }
}

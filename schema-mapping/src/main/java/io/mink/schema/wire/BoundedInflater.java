package io.mink.schema.wire;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** zlib inflation with a ceiling, so a zlib bomb cannot take the sidecar's memory. */
final class BoundedInflater {
  /** The largest payload a compressed Glue part may inflate to. */
  static final int MAX_INFLATED_BYTES = 64 * 1024 * 1024;

  private BoundedInflater() {}

  static byte[] inflate(byte[] bytes, int offset, int length) throws InflateException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(bytes, offset, length);
      ByteArrayOutputStream out =
          new ByteArrayOutputStream(Math.min(MAX_INFLATED_BYTES, Math.max(64, length * 4)));
      byte[] chunk = new byte[8192];
      while (!inflater.finished()) {
        int count = inflater.inflate(chunk);
        if (count == 0) {
          if (inflater.needsInput() || inflater.needsDictionary()) {
            throw new InflateException(
                "Truncated zlib payload: the stream ends before its end marker");
          }
        }
        if (out.size() + count > MAX_INFLATED_BYTES) {
          throw new InflateException(
              "zlib payload inflates beyond " + MAX_INFLATED_BYTES + " bytes");
        }
        out.write(chunk, 0, count);
      }
      return out.toByteArray();
    } catch (DataFormatException e) {
      throw new InflateException("Invalid zlib payload: " + e.getMessage());
    } finally {
      inflater.end();
    }
  }

  static final class InflateException extends Exception {
    InflateException(String message) {
      super(message, null, false, false);
    }
  }
}

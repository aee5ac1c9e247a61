package io.mink.lake.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.iceberg.io.SeekableInputStream;

/** Reads a local file at a position it keeps itself, through one file channel. */
final class LocalInputStream extends SeekableInputStream {
  private final FileChannel channel;
  private final byte[] single = new byte[1];
  private long position;
  private boolean closed;

  private LocalInputStream(FileChannel channel) {
    this.channel = channel;
  }

  static LocalInputStream open(Path path) throws IOException {
    return new LocalInputStream(FileChannel.open(path, StandardOpenOption.READ));
  }

  @Override
  public long getPos() {
    return position;
  }

  @Override
  public void seek(long newPos) throws IOException {
    ensureOpen();
    if (newPos < 0) {
      throw new EOFException("Cannot seek to a negative position: " + newPos);
    }
    position = newPos;
  }

  @Override
  public int read() throws IOException {
    int read = read(single, 0, 1);
    return read < 0 ? -1 : single[0] & 0xFF;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    ensureOpen();
    if (length == 0) {
      return 0;
    }
    int read = channel.read(ByteBuffer.wrap(buffer, offset, length), position);
    if (read > 0) {
      position += read;
    }
    return read;
  }

  @Override
  public long skip(long count) throws IOException {
    ensureOpen();
    long skipped = Math.max(0, Math.min(count, channel.size() - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() throws IOException {
    ensureOpen();
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, channel.size() - position));
  }

  @Override
  public void close() throws IOException {
    closed = true;
    channel.close();
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("Stream is closed");
    }
  }
}

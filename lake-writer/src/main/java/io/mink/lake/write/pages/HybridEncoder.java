package io.mink.lake.write.pages;

/**
 * Parquet's RLE/bit-packing hybrid encoding of small non-negative integers (repetition and definition levels,
 * dictionary ids): a run of eight or more equal values becomes one run-length run, the values between runs are
 * bit-packed eight at a time, least significant bit first.
 */
public final class HybridEncoder {
  /** Equal values from which a run-length run is written rather than packed bits. */
  private static final int MIN_RUN = 8;

  /** Groups of eight one bit-packed run holds at most, so that its header fits in one byte. */
  private static final int MAX_GROUPS = 63;

  private HybridEncoder() {}

  /** The bits needed for values up to {@code max}. */
  public static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** Appends the first {@code count} of {@code values}, each at most {@code 2^bitWidth - 1}, to {@code out}. */
  public static void encode(int[] values, int count, int bitWidth, PageBytes out) {
    int i = 0;
    while (i < count) {
      int run = runAt(values, i, count);
      if (run >= MIN_RUN) {
        writeRun(values[i], run, bitWidth, out);
        i += run;
      } else {
        i = writePacked(values, i, count, bitWidth, out);
      }
    }
  }

  private static int runAt(int[] values, int from, int count) {
    int value = values[from];
    int end = from + 1;
    while (end < count && values[end] == value) {
      end++;
    }
    return end - from;
  }

  private static void writeRun(int value, int length, int bitWidth, PageBytes out) {
    out.putVarInt(length << 1);
    int bytes = (bitWidth + 7) >>> 3;
    for (int b = 0; b < bytes; b++) {
      out.putByte(value >>> (8 * b));
    }
  }

  /**
   * Packs groups of eight from {@code from} until a run of {@link #MIN_RUN} starts at a group's end, the values
   * end, or the run holds {@link #MAX_GROUPS} groups; the last group is padded with zeros, which readers skip by
   * the page's value count. Returns where the packed values end.
   */
  private static int writePacked(int[] values, int from, int count, int bitWidth, PageBytes out) {
    int groups = 0;
    int at = from;
    do {
      at += 8;
      groups++;
    } while (at < count && groups < MAX_GROUPS && runAt(values, at, count) < MIN_RUN);
    out.putVarInt((groups << 1) | 1);
    out.reserve(groups * bitWidth);
    long buffer = 0;
    int bits = 0;
    for (int i = from; i < from + groups * 8; i++) {
      long value = i < count ? values[i] & 0xFFFFFFFFL : 0;
      buffer |= value << bits;
      bits += bitWidth;
      while (bits >= 8) {
        out.putByte((int) buffer);
        buffer >>>= 8;
        bits -= 8;
      }
    }
    return Math.min(at, count);
  }
}

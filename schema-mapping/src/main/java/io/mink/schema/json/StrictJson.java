package io.mink.schema.json;

import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * Scans JSON text straight from its UTF-8 bytes, accepting only what RFC 8259 allows: the four whitespace
 * bytes, strings of well-formed UTF-8 without control characters and with only the standard escapes,
 * numbers without leading zeros, plus or a bare point, and the three literals. Anything else, and anything
 * beyond the parser's read constraints (nesting, string, name and number lengths, each taken one step stricter),
 * is refused with -1. Jackson reads every text this accepts to the same tokens, so a caller that goes back to
 * Jackson for what is refused decodes exactly what Jackson decodes. Not thread-safe: one per column decoder.
 */
final class StrictJson {
  private static final int NESTING_BITS = 64;

  private final int maxDepth;
  private final int maxStringLength;
  private final int maxNameLength;
  private final int maxNumberLength;
  private byte[] data;
  private int end;
  private boolean escaped;
  private boolean surrogate;
  private boolean ascii;
  private boolean integral;

  StrictJson(StreamReadConstraints constraints) {
    this.maxDepth = Math.min(constraints.getMaxNestingDepth(), NESTING_BITS);
    this.maxStringLength = constraints.getMaxStringLength();
    this.maxNameLength = constraints.getMaxNameLength();
    this.maxNumberLength = constraints.getMaxNumberLength();
  }

  /** Scans {@code data} up to {@code end} (exclusive) from now on. */
  void reset(byte[] data, int end) {
    this.data = data;
    this.end = end;
  }

  /** Whether the last string scanned held a backslash escape. */
  boolean escaped() {
    return escaped;
  }

  /** Whether the last string scanned held only ASCII bytes. */
  boolean ascii() {
    return ascii;
  }

  /** Whether the last number scanned had neither a fraction nor an exponent. */
  boolean integral() {
    return integral;
  }

  /** The position of the first byte at or after {@code at} that is not whitespace; {@code end} if none is. */
  int space(int at) {
    int i = at;
    while (i < end) {
      byte b = data[i];
      if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
        return i;
      }
      i++;
    }
    return i;
  }

  /** The position after the string value whose opening quote is at {@code at}, or -1. */
  int string(int at) {
    return string(at, maxStringLength);
  }

  /**
   * The position after the property name whose opening quote is at {@code at}, or -1. A name with an escaped
   * surrogate is refused: Jackson's names refuse escaped lone surrogates that its string values take.
   */
  int name(int at) {
    int end = string(at, maxNameLength);
    return surrogate ? -1 : end;
  }

  private int string(int at, int maxLength) {
    if (at >= end || data[at] != '"') {
      return -1;
    }
    boolean anyEscape = false;
    boolean onlyAscii = true;
    surrogate = false;
    int i = at + 1;
    while (true) {
      if (i >= end) {
        return -1;
      }
      int b = data[i] & 0xFF;
      if (b == '"') {
        break;
      }
      if (b == '\\') {
        i = escape(i);
        anyEscape = true;
      } else if (b < 0x20) {
        return -1;
      } else if (b < 0x80) {
        i++;
      } else {
        i = utf8(i, b);
        onlyAscii = false;
      }
      if (i < 0) {
        return -1;
      }
    }
    if (i - at - 1 >= maxLength) {
      return -1;
    }
    escaped = anyEscape;
    ascii = onlyAscii;
    return i + 1;
  }

  /** The position after the escape whose backslash is at {@code at}, or -1. */
  private int escape(int at) {
    if (at + 1 >= end) {
      return -1;
    }
    switch (data[at + 1]) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {
        return at + 2;
      }
      case 'u' -> {
        if (at + 6 > end) {
          return -1;
        }
        for (int i = at + 2; i < at + 6; i++) {
          if (Character.digit(data[i], 16) < 0) {
            return -1;
          }
        }
        surrogate |= Character.isSurrogate(hex(data, at + 2));
        return at + 6;
      }
      default -> {
        return -1;
      }
    }
  }

  /** The position after the well-formed UTF-8 sequence (Unicode table 3-7) whose lead byte {@code lead} is at {@code at}, or -1. */
  private int utf8(int at, int lead) {
    int count;
    int low = 0x80;
    int high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      count = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      count = 2;
      if (lead == 0xE0) {
        low = 0xA0;
      } else if (lead == 0xED) {
        high = 0x9F;
      }
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      count = 3;
      if (lead == 0xF0) {
        low = 0x90;
      } else if (lead == 0xF4) {
        high = 0x8F;
      }
    } else {
      return -1;
    }
    if (at + count >= end) {
      return -1;
    }
    int second = data[at + 1] & 0xFF;
    if (second < low || second > high) {
      return -1;
    }
    for (int i = at + 2; i <= at + count; i++) {
      if ((data[i] & 0xC0) != 0x80) {
        return -1;
      }
    }
    return at + count + 1;
  }

  /** The position after the number at {@code at}, or -1. */
  int number(int at) {
    int i = at;
    if (i < end && data[i] == '-') {
      i++;
    }
    if (i >= end) {
      return -1;
    }
    if (data[i] == '0') {
      i++;
    } else if (isDigit(data[i])) {
      i = digits(i);
    } else {
      return -1;
    }
    boolean whole = true;
    if (i < end && data[i] == '.') {
      whole = false;
      i++;
      if (i >= end || !isDigit(data[i])) {
        return -1;
      }
      i = digits(i);
    }
    if (i < end && (data[i] == 'e' || data[i] == 'E')) {
      whole = false;
      i++;
      if (i < end && (data[i] == '+' || data[i] == '-')) {
        i++;
      }
      if (i >= end || !isDigit(data[i])) {
        return -1;
      }
      i = digits(i);
    }
    if (i - at >= maxNumberLength) {
      return -1;
    }
    integral = whole;
    return i;
  }

  private int digits(int at) {
    int i = at;
    while (i < end && isDigit(data[i])) {
      i++;
    }
    return i;
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  /** The position after the literal {@code word} (true, false or null) if it is at {@code at}, or -1. */
  int literal(int at, String word) {
    if (at + word.length() > end) {
      return -1;
    }
    for (int i = 0; i < word.length(); i++) {
      if (data[at + i] != word.charAt(i)) {
        return -1;
      }
    }
    return at + word.length();
  }

  /** The position after the string, number or literal at {@code at}, or -1. */
  private int scalar(int at) {
    return switch (data[at]) {
      case '"' -> string(at);
      case 't' -> literal(at, "true");
      case 'f' -> literal(at, "false");
      case 'n' -> literal(at, "null");
      default -> number(at);
    };
  }

  /**
   * The position after the value that starts at {@code at}, or -1: any JSON value, read without recursion, its
   * containers nested in one at {@code depth} (the top-level object being at depth 1).
   */
  int value(int at, int depth) {
    long objects = 0;
    int level = 0;
    int i = at;
    while (true) {
      if (i >= end) {
        return -1;
      }
      byte first = data[i];
      if (first == '{' || first == '[') {
        if (depth + level + 1 >= maxDepth) {
          return -1;
        }
        boolean object = first == '{';
        objects = object ? objects | (1L << level) : objects & ~(1L << level);
        level++;
        i = space(i + 1);
        if (i >= end) {
          return -1;
        }
        if (data[i] != (object ? '}' : ']')) {
          i = object ? member(i) : i;
          if (i < 0) {
            return -1;
          }
          continue;
        }
        level--;
        i++;
      } else {
        i = scalar(i);
        if (i < 0) {
          return -1;
        }
      }
      while (level > 0) {
        i = space(i);
        if (i >= end) {
          return -1;
        }
        boolean object = (objects & (1L << (level - 1))) != 0;
        byte next = data[i];
        if (next == ',') {
          i = space(i + 1);
          i = object ? member(i) : i;
          break;
        }
        if (next != (object ? '}' : ']')) {
          return -1;
        }
        level--;
        i++;
      }
      if (i < 0 || level == 0) {
        return i;
      }
    }
  }

  /** The position of the value of the member whose name starts at {@code at}, or -1. */
  private int member(int at) {
    int i = name(at);
    if (i < 0) {
      return -1;
    }
    i = space(i);
    if (i >= end || data[i] != ':') {
      return -1;
    }
    return space(i + 1);
  }

  /**
   * Writes the UTF-8 text of the string between {@code from} and {@code to}, which {@link #string} accepted, to
   * {@code out} with its escapes decoded, and returns its length ({@code out} needs {@code to - from} bytes). An
   * escaped surrogate that is not half of a pair becomes '?', as {@link String#getBytes} writes it.
   */
  static int unescape(byte[] data, int from, int to, byte[] out) {
    int length = 0;
    int i = from;
    while (i < to) {
      byte b = data[i];
      if (b != '\\') {
        out[length++] = b;
        i++;
        continue;
      }
      byte kind = data[i + 1];
      if (kind != 'u') {
        out[length++] = unescaped(kind);
        i += 2;
        continue;
      }
      char unit = hex(data, i + 2);
      i += 6;
      int codePoint = unit;
      if (Character.isHighSurrogate(unit)
          && i + 6 <= to
          && data[i] == '\\'
          && data[i + 1] == 'u'
          && Character.isLowSurrogate(hex(data, i + 2))) {
        codePoint = Character.toCodePoint(unit, hex(data, i + 2));
        i += 6;
      } else if (Character.isSurrogate(unit)) {
        codePoint = '?';
      }
      length = utf8(codePoint, out, length);
    }
    return length;
  }

  private static byte unescaped(byte kind) {
    return switch (kind) {
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      default -> kind;
    };
  }

  private static char hex(byte[] data, int at) {
    int value = 0;
    for (int i = at; i < at + 4; i++) {
      value = value << 4 | Character.digit(data[i], 16);
    }
    return (char) value;
  }

  private static int utf8(int codePoint, byte[] out, int at) {
    if (codePoint < 0x80) {
      out[at] = (byte) codePoint;
      return at + 1;
    }
    if (codePoint < 0x800) {
      out[at] = (byte) (0xC0 | codePoint >> 6);
      out[at + 1] = (byte) (0x80 | (codePoint & 0x3F));
      return at + 2;
    }
    if (codePoint < 0x10000) {
      out[at] = (byte) (0xE0 | codePoint >> 12);
      out[at + 1] = (byte) (0x80 | (codePoint >> 6 & 0x3F));
      out[at + 2] = (byte) (0x80 | (codePoint & 0x3F));
      return at + 3;
    }
    out[at] = (byte) (0xF0 | codePoint >> 18);
    out[at + 1] = (byte) (0x80 | (codePoint >> 12 & 0x3F));
    out[at + 2] = (byte) (0x80 | (codePoint >> 6 & 0x3F));
    out[at + 3] = (byte) (0x80 | (codePoint & 0x3F));
    return at + 4;
  }
}

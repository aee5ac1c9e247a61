package io.mink.schema.json;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Writes Java values (maps, lists, strings, numbers, booleans, null) as JSON text in the many ways a payload may
 * spell them: random whitespace, escapes of any character (lone surrogates included) with either case of hex
 * digit, numbers in every valid form, strings with characters added (pairs and lone surrogates, controls,
 * quotes, noncharacters). With a fault, places of its kind get it at the fault rate: a key given twice, a trailing
 * comma, whitespace JSON does not allow, a control character, a bad escape or bytes that are not UTF-8 in a string,
 * a number JSON does not allow or that no long or double holds.
 */
final class RandomJsonText {
  private static final List<String> NUMBERS = List.of(
      "0",
      "-0",
      "0.0",
      "-0.0",
      "0e0",
      "-0E-0",
      "1E400",
      "-1e400",
      "1e-400",
      "4.9e-324",
      "2.5e-324",
      "1.7976931348623157e308",
      "1.7976931348623159e308",
      "9223372036854775807",
      "-9223372036854775808",
      "9223372036854775808",
      "-9223372036854775809",
      "123456789012345678",
      "1234567890123456789",
      "12345678901234567890123",
      "0.1e1",
      "10E-1",
      "2147483648",
      "-2147483649",
      "1" + "0".repeat(400));
  private static final List<String> BAD_NUMBERS = List.of(
      "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "0x10", "NaN", "-Infinity", "1.5.2", "--1");
  private static final List<String> SPACES = List.of("", " ", "  ", "\n", "\t", "\r\n  ");
  private static final List<String> BAD_SPACES = List.of("\f", "\u00a0", "\u000b", "/**/", "#");
  private static final List<byte[]> BAD_UTF8 = List.of(
      new byte[] {(byte) 0xC0, (byte) 0x80},
      new byte[] {(byte) 0xC1, (byte) 0xBF},
      new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
      new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0x80},
      new byte[] {(byte) 0x80},
      new byte[] {(byte) 0xFF},
      new byte[] {(byte) 0xE2, (byte) 0x82},
      new byte[] {0x01},
      new byte[] {'\\', 'x'},
      new byte[] {'\\', 'u', '1', '2'},
      new byte[] {'\\', 'u', 'g', '0', '0', '0'});

  private static final List<String> ADDED = List.of(
      "\ud83d\ude00",
      "\ud800",
      "\udfff",
      "\u0000",
      "\u001f",
      "\"",
      "\\",
      "/",
      "\u007f",
      "\u00e9",
      "\uffff",
      "\u2028",
      "\ud800\ud83d\ude00",
      "\udc00\ud800");

  /** The kinds of fault a text may have. */
  enum Fault {
    NONE,
    DUPLICATE_KEY,
    TRAILING_COMMA,
    SPACE,
    STRING,
    NUMBER
  }

  private final Random random;
  private final Fault fault;
  private final double faultRate;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  RandomJsonText(Random random, Fault fault, double faultRate) {
    this.random = random;
    this.fault = fault;
    this.faultRate = faultRate;
  }

  byte[] write(Object value) {
    out.reset();
    space();
    value(value);
    space();
    return out.toByteArray();
  }

  private void value(Object value) {
    if (value == null) {
      ascii("null");
    } else if (value instanceof Boolean bool) {
      ascii(bool.toString());
    } else if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
      number(value.toString(), true);
    } else if (value instanceof Double number) {
      number(decimal(number), false);
    } else if (value instanceof String text) {
      string(text);
    } else if (value instanceof Map<?, ?> map) {
      object(map);
    } else if (value instanceof List<?> list) {
      array(list);
    } else {
      throw new IllegalArgumentException("Cannot write " + value.getClass());
    }
  }

  private void object(Map<?, ?> map) {
    out.write('{');
    List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
    if (!entries.isEmpty() && fault(Fault.DUPLICATE_KEY)) {
      entries.add(entries.get(random.nextInt(entries.size())));
    }
    for (int i = 0; i < entries.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      space();
      string((String) entries.get(i).getKey());
      space();
      out.write(':');
      space();
      value(entries.get(i).getValue());
      space();
    }
    if (!entries.isEmpty() && fault(Fault.TRAILING_COMMA)) {
      out.write(',');
    }
    space();
    out.write('}');
  }

  private void array(List<?> list) {
    out.write('[');
    space();
    for (int i = 0; i < list.size(); i++) {
      if (i > 0) {
        out.write(',');
        space();
      }
      value(list.get(i));
      space();
    }
    out.write(']');
  }

  private void number(String text, boolean integer) {
    if (fault(Fault.NUMBER)) {
      ascii(random.nextBoolean() ? pick(BAD_NUMBERS) : pick(NUMBERS));
    } else if (integer && random.nextInt(20) == 0) {
      ascii(text + pick(List.of(".0", "e0", "E+1")));
    } else {
      ascii(text);
    }
  }

  /** The double in one of the forms JSON allows for it; each reads back as the same double. */
  private String decimal(double value) {
    String text = switch (random.nextInt(5)) {
      case 0 -> new BigDecimal(value).toString();
      case 1 -> new BigDecimal(value).toPlainString();
      case 2 -> BigDecimal.valueOf(value).toString();
      case 3 -> String.format(Locale.ROOT, "%.17e", value);
      default -> Double.toString(value);
    };
    text = random.nextBoolean() ? text.toLowerCase(Locale.ROOT) : text;
    return text.replace("e+", random.nextBoolean() ? "e+" : "e");
  }

  private void string(String written) {
    String text = written;
    if (random.nextInt(8) == 0) {
      int at = random.nextInt(text.length() + 1);
      text = text.substring(0, at) + pick(ADDED) + text.substring(at);
    }
    out.write('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (fault(Fault.STRING)) {
        out.writeBytes(pick(BAD_UTF8));
      }
      if (c == '"' || c == '\\' || c < 0x20 || random.nextInt(8) == 0) {
        escape(c);
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.writeBytes(text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8));
        i++;
      } else if (Character.isSurrogate(c)) {
        escape(c);
      } else {
        out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
      }
    }
    out.write('"');
  }

  private void escape(char c) {
    String shortForm = switch (c) {
      case '"' -> "\\\"";
      case '\\' -> "\\\\";
      case '/' -> "\\/";
      case '\b' -> "\\b";
      case '\f' -> "\\f";
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      default -> null;
    };
    if (shortForm != null && random.nextBoolean()) {
      ascii(shortForm);
      return;
    }
    String hex = String.format(Locale.ROOT, "\\u%04x", (int) c);
    ascii(random.nextBoolean() ? hex : "\\u" + hex.substring(2).toUpperCase(Locale.ROOT));
  }

  private void space() {
    ascii(fault(Fault.SPACE) ? pick(BAD_SPACES) : pick(SPACES));
  }

  private boolean fault(Fault kind) {
    return kind == fault && random.nextDouble() < faultRate;
  }

  private void ascii(String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }

  private <T> T pick(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }
}

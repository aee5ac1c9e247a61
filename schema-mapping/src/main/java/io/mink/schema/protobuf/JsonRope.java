package io.mink.schema.protobuf;

import java.util.Arrays;

/**
 * The JSON of one value as it is read: readers append text in the order the payload holds the
 * values, and groups list parts in the order the JSON shows them. A message's JSON is a group of
 * its fields' parts, so a nested message is written once, however deep, and copied once when the
 * whole value is turned into a string.
 *
 * <p>A part is text appended here or a group; each part goes into at most one group.
 */
final class JsonRope {
  /** Stands for no part, where a reader has not read a value yet. */
  static final int NO_PART = -1;

  private final StringBuilder text = new StringBuilder();
  private boolean[] isGroup = new boolean[16];
  private int[] firsts = new int[16];
  private int[] lasts = new int[16];
  private int[] nexts = new int[16];
  private int parts;

  /** Where readers append the text of the values they read. */
  StringBuilder text() {
    return text;
  }

  /** The position in {@link #text} a part starting now begins at. */
  int mark() {
    return text.length();
  }

  /** The part holding the text appended since {@code start}, a {@link #mark}. */
  int since(int start) {
    return add(false, start, text.length());
  }

  /** Appends {@code literal} as a part of its own. */
  int literal(CharSequence literal) {
    int start = text.length();
    text.append(literal);
    return since(start);
  }

  /** A group without parts, to {@link #append} parts to. */
  int group() {
    return add(true, NO_PART, NO_PART);
  }

  /** Puts {@code part} at the end of {@code group}. */
  void append(int group, int part) {
    if (lasts[group] == NO_PART) {
      firsts[group] = part;
    } else {
      nexts[lasts[group]] = part;
    }
    lasts[group] = part;
  }

  boolean isEmptyGroup(int part) {
    return isGroup[part] && firsts[part] == NO_PART;
  }

  /** Whether {@code part}'s JSON is {@code json}. */
  boolean hasJson(int part, String json) {
    if (isGroup[part]) {
      return toString(part).equals(json);
    }
    int start = firsts[part];
    int length = lasts[part] - start;
    if (length != json.length()) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (text.charAt(start + i) != json.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  String toString(int part) {
    if (!isGroup[part]) {
      return text.substring(firsts[part], lasts[part]);
    }
    StringBuilder out = new StringBuilder(text.length());
    appendTo(part, out);
    return out.toString();
  }

  private void appendTo(int part, StringBuilder out) {
    if (!isGroup[part]) {
      out.append(text, firsts[part], lasts[part]);
      return;
    }
    for (int child = firsts[part]; child != NO_PART; child = nexts[child]) {
      appendTo(child, out);
    }
  }

  private int add(boolean group, int first, int last) {
    if (parts == nexts.length) {
      int capacity = parts * 2;
      isGroup = Arrays.copyOf(isGroup, capacity);
      firsts = Arrays.copyOf(firsts, capacity);
      lasts = Arrays.copyOf(lasts, capacity);
      nexts = Arrays.copyOf(nexts, capacity);
    }
    isGroup[parts] = group;
    firsts[parts] = first;
    lasts[parts] = last;
    nexts[parts] = NO_PART;
    return parts++;
  }
}

package io.mink.query.filter;

/**
 * A {@code --where} text that is not a sentence of the filter language: the message names the 1-based position, the
 * text from there on, and what the language expected at that place.
 */
public final class WhereSyntaxException extends IllegalArgumentException {
  private static final int SHOWN_CHARACTERS = 20;

  private final int position;

  WhereSyntaxException(String where, int position, String problem) {
    super("Cannot parse --where at position " + position + " (" + excerpt(where, position) + "): "
        + problem);
    this.position = position;
  }

  /** The 1-based position of the character where parsing failed; one past the last character at the end. */
  public int position() {
    return position;
  }

  private static String excerpt(String where, int position) {
    if (position > where.length()) {
      return "end of input";
    }
    String rest = where.substring(position - 1);
    if (rest.length() > SHOWN_CHARACTERS) {
      return "\"" + rest.substring(0, SHOWN_CHARACTERS) + "...\"";
    }
    return "\"" + rest + "\"";
  }
}

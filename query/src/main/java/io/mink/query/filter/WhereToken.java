package io.mink.query.filter;

import static java.util.Objects.requireNonNull;

/**
 * One token of a {@code --where} text: its kind, its text (a string or quoted name without its quotes and with
 * doubled quotes undone) and its 1-based position.
 */
record WhereToken(Kind kind, String text, int position) {
  enum Kind {
    /** A bare word: a keyword or an unquoted column name. */
    WORD,
    /** A double-quoted column name. */
    QUOTED_NAME,
    /** A single-quoted string. */
    STRING,
    NUMBER,
    /** An operator, a parenthesis, a comma or a dot. */
    SYMBOL,
    END
  }

  WhereToken {
    requireNonNull(kind, "kind is null");
    requireNonNull(text, "text is null");
    if (position < 1) {
      throw new IllegalArgumentException("position " + position + " is not 1-based");
    }
  }

  boolean isWord(String keyword) {
    return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
  }

  boolean isSymbol(String symbol) {
    return kind == Kind.SYMBOL && text.equals(symbol);
  }
}

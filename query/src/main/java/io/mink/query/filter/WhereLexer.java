package io.mink.query.filter;

import io.mink.query.filter.WhereToken.Kind;
import java.util.ArrayList;
import java.util.List;

/** Splits a {@code --where} text into tokens, ending with an {@link Kind#END} token one past the last character. */
final class WhereLexer {
  private static final List<String> SYMBOLS =
      List.of("<=", ">=", "<>", "!=", "=", "<", ">", "(", ")", ",", ".");

  private final String where;
  private int at;

  private WhereLexer(String where) {
    this.where = where;
  }

  static List<WhereToken> tokenize(String where) {
    WhereLexer lexer = new WhereLexer(where);
    List<WhereToken> tokens = new ArrayList<>();
    WhereToken token;
    do {
      token = lexer.next();
      tokens.add(token);
    } while (token.kind() != Kind.END);
    return tokens;
  }

  private WhereToken next() {
    while (at < where.length() && Character.isWhitespace(where.charAt(at))) {
      at++;
    }
    int start = at;
    if (at == where.length()) {
      return new WhereToken(Kind.END, "", start + 1);
    }
    char c = where.charAt(at);
    if (Character.isLetter(c) || c == '_') {
      while (at < where.length() && isWordPart(where.charAt(at))) {
        at++;
      }
      return new WhereToken(Kind.WORD, where.substring(start, at), start + 1);
    }
    if (isDigit(at) || (c == '-' && isDigit(at + 1))) {
      return number(start);
    }
    if (c == '\'') {
      return new WhereToken(Kind.STRING, quoted('\'', "string"), start + 1);
    }
    if (c == '"') {
      return new WhereToken(Kind.QUOTED_NAME, quoted('"', "column name"), start + 1);
    }
    for (String symbol : SYMBOLS) {
      if (where.startsWith(symbol, at)) {
        at += symbol.length();
        return new WhereToken(Kind.SYMBOL, symbol, start + 1);
      }
    }
    throw new WhereSyntaxException(where, start + 1, "unexpected character " + c);
  }

  /** {@code -?digits(.digits)?([eE][+-]?digits)?} */
  private WhereToken number(int start) {
    if (where.charAt(at) == '-') {
      at++;
    }
    skipDigits();
    if (at < where.length() && where.charAt(at) == '.' && isDigit(at + 1)) {
      at++;
      skipDigits();
    }
    if (at < where.length() && (where.charAt(at) == 'e' || where.charAt(at) == 'E')) {
      int sign = at + 1 < where.length() && "+-".indexOf(where.charAt(at + 1)) >= 0 ? 1 : 0;
      if (isDigit(at + 1 + sign)) {
        at += 1 + sign;
        skipDigits();
      }
    }
    return new WhereToken(Kind.NUMBER, where.substring(start, at), start + 1);
  }

  /** The text between a pair of {@code quote}s at {@code at}, a doubled quote standing for one. */
  private String quoted(char quote, String what) {
    int start = at;
    StringBuilder text = new StringBuilder();
    at++;
    while (true) {
      if (at == where.length()) {
        throw new WhereSyntaxException(
            where, start + 1, "expected " + quote + " to close the " + what + " that starts here");
      }
      char c = where.charAt(at++);
      if (c != quote) {
        text.append(c);
      } else if (at < where.length() && where.charAt(at) == quote) {
        text.append(quote);
        at++;
      } else {
        return text.toString();
      }
    }
  }

  private void skipDigits() {
    while (isDigit(at)) {
      at++;
    }
  }

  private boolean isDigit(int index) {
    return index < where.length() && where.charAt(index) >= '0' && where.charAt(index) <= '9';
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}

package io.mink.cli.query;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into statements at the semicolons that end them: not those inside a string ({@code '...'}, with
 * {@code ''} for a quote), a quoted name ({@code "..."}), a dollar-quoted string ({@code $$...$$} or
 * {@code $tag$...$tag$}), a line comment ({@code -- ...}) or a block comment. Statements of nothing but blanks and
 * comments are dropped.
 */
final class StatementSplitter {
  private StatementSplitter() {}

  /**
   * The statements of a text.
   *
   * @param statements the complete statements, each without its semicolon and trimmed
   * @param rest the text after the last complete statement, trimmed; empty when it holds nothing but blanks and
   *     comments. An unterminated string or comment is part of it
   */
  record Split(List<String> statements, String rest) {
    Split {
      statements = List.copyOf(statements);
    }
  }

  static Split split(String text) {
    List<String> statements = new ArrayList<>();
    int start = 0;
    boolean content = false;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      int next = skipQuotedOrComment(text, i);
      if (next != i) {
        content |= !isComment(text, i);
        i = next;
      } else if (c == ';') {
        if (content) {
          statements.add(text.substring(start, i).strip());
        }
        start = i + 1;
        content = false;
        i++;
      } else {
        content |= !Character.isWhitespace(c);
        i++;
      }
    }
    return new Split(statements, content ? text.substring(start).strip() : "");
  }

  private static boolean isComment(String text, int at) {
    return text.startsWith("--", at) || text.startsWith("/*", at);
  }

  /** Where the quoted text or comment that begins at {@code at} ends; {@code at} when none begins there. */
  private static int skipQuotedOrComment(String text, int at) {
    char c = text.charAt(at);
    if (c == '\'' || c == '"') {
      return skipQuoted(text, at, c);
    }
    if (text.startsWith("--", at)) {
      int end = text.indexOf('\n', at);
      return end < 0 ? text.length() : end + 1;
    }
    if (text.startsWith("/*", at)) {
      int end = text.indexOf("*/", at + 2);
      return end < 0 ? text.length() : end + 2;
    }
    if (c == '$') {
      return skipDollarQuoted(text, at);
    }
    return at;
  }

  /** A string or name in quotes, a doubled quote standing for one. */
  private static int skipQuoted(String text, int at, char quote) {
    int i = at + 1;
    while (i < text.length()) {
      if (text.charAt(i) == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return text.length();
  }

  /** {@code $tag$ ... $tag$}, the tag empty or letters, digits and underscores; a lone {@code $} is no quote. */
  private static int skipDollarQuoted(String text, int at) {
    int tagEnd = at + 1;
    while (tagEnd < text.length()
        && (Character.isLetterOrDigit(text.charAt(tagEnd)) || text.charAt(tagEnd) == '_')) {
      tagEnd++;
    }
    if (tagEnd >= text.length()
        || text.charAt(tagEnd) != '$'
        || (tagEnd > at + 1 && Character.isDigit(text.charAt(at + 1)))) {
      return at;
    }
    String tag = text.substring(at, tagEnd + 1);
    int end = text.indexOf(tag, tagEnd + 1);
    return end < 0 ? text.length() : end + tag.length();
  }
}

package io.mink.query.filter;

import static java.util.Objects.requireNonNull;

import io.mink.query.filter.WhereToken.Kind;
import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Expressions;

/**
 * Parses the {@code --where} language of {@code mink read} into an unbound Iceberg expression (docs/querying.md,
 * "--where: the filter language"):
 *
 * <pre>
 * or        := and ( OR and )*
 * and       := not ( AND not )*
 * not       := NOT not | '(' or ')' | predicate
 * predicate := column op literal | literal op column
 *            | column [NOT] IN '(' literal ( ',' literal )* ')' | column IS [NOT] NULL
 * op        := = | != | &lt;&gt; | &lt; | &lt;= | &gt; | &gt;=
 * column    := name ( '.' name )*          name := word | "quoted" ("" for a quote)
 * literal   := integer | decimal | 'string' ('' for a quote) | TRUE | FALSE | TIMESTAMP 'string'
 * </pre>
 *
 * Keywords are case-insensitive; AND binds tighter than OR. Integers become {@code Long} literals (a {@code BigDecimal}
 * beyond the range of a long), numbers with a point or an exponent {@code BigDecimal} ones, strings and
 * {@code TIMESTAMP '...'} strings: {@link WhereFilter#bind} fits them to the columns' types.
 */
public final class WhereParser {
  private static final Set<String> RESERVED =
      Set.of("AND", "OR", "NOT", "IN", "IS", "NULL", "TRUE", "FALSE");
  private static final Map<String, Operation> COMPARISONS = Map.of(
      "=", Operation.EQ,
      "!=", Operation.NOT_EQ,
      "<>", Operation.NOT_EQ,
      "<", Operation.LT,
      "<=", Operation.LT_EQ,
      ">", Operation.GT,
      ">=", Operation.GT_EQ);
  private static final String OPERATORS = "=, !=, <>, <, <=, >, >=";

  private final String where;
  private final List<WhereToken> tokens;
  private int next;

  private WhereParser(String where) {
    this.where = where;
    this.tokens = WhereLexer.tokenize(where);
  }

  /**
   * The expression {@code where} states.
   *
   * @throws WhereSyntaxException if {@code where} is not a sentence of the language
   */
  public static Expression parse(String where) {
    requireNonNull(where, "where is null");
    WhereParser parser = new WhereParser(where);
    Expression expression = parser.or();
    if (parser.peek().kind() != Kind.END) {
      throw parser.expected("AND, OR or the end of the filter");
    }
    return expression;
  }

  private Expression or() {
    Expression left = and();
    while (acceptWord("OR")) {
      left = Expressions.or(left, and());
    }
    return left;
  }

  private Expression and() {
    Expression left = not();
    while (acceptWord("AND")) {
      left = Expressions.and(left, not());
    }
    return left;
  }

  private Expression not() {
    if (acceptWord("NOT")) {
      return Expressions.not(not());
    }
    if (peek().isSymbol("(")) {
      WhereToken open = take();
      Expression inner = or();
      if (!acceptSymbol(")")) {
        throw expected(") to close the ( at position " + open.position());
      }
      return inner;
    }
    if (startsLiteral()) {
      Object value = literal();
      Operation op = comparison();
      if (startsLiteral()) {
        throw expected("a column name");
      }
      return Expressions.predicate(op.flipLR(), column(), value);
    }
    return predicate(column());
  }

  private Expression predicate(String column) {
    if (peek().kind() == Kind.SYMBOL && COMPARISONS.containsKey(peek().text())) {
      Operation op = comparison();
      if (!startsLiteral() && startsColumn()) {
        throw expected("a value: --where compares a column with a value, not with another column");
      }
      return Expressions.predicate(op, column, literal());
    }
    if (acceptWord("IN")) {
      return Expressions.in(column, list());
    }
    if (acceptWord("NOT")) {
      if (!acceptWord("IN")) {
        throw expected("IN after NOT");
      }
      return Expressions.notIn(column, list());
    }
    if (acceptWord("IS")) {
      boolean not = acceptWord("NOT");
      if (!acceptWord("NULL")) {
        throw expected(not ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
      }
      return not ? Expressions.notNull(column) : Expressions.isNull(column);
    }
    throw expected("a comparison operator (" + OPERATORS + "), IN, NOT IN or IS after the column");
  }

  private Operation comparison() {
    Operation op = peek().kind() == Kind.SYMBOL ? COMPARISONS.get(peek().text()) : null;
    if (op == null) {
      throw expected("a comparison operator (" + OPERATORS + ")");
    }
    take();
    return op;
  }

  private List<Object> list() {
    if (!acceptSymbol("(")) {
      throw expected("( to open the list of values");
    }
    List<Object> values = new ArrayList<>();
    do {
      values.add(literal());
    } while (acceptSymbol(","));
    if (!acceptSymbol(")")) {
      throw expected(", or ) in the list of values");
    }
    return values;
  }

  /** A column name, with dots between the names of a struct and its fields. */
  private String column() {
    StringBuilder name = new StringBuilder(namePart(false));
    while (acceptSymbol(".")) {
      name.append('.').append(namePart(true));
    }
    return name.toString();
  }

  private String namePart(boolean afterDot) {
    WhereToken token = peek();
    if (token.kind() == Kind.QUOTED_NAME && token.text().isEmpty()) {
      throw expected("a column name between the quotes");
    }
    if (!startsColumn() && !(afterDot && token.kind() == Kind.WORD)) {
      throw expected(afterDot ? "a field name after the dot" : "a column name");
    }
    return take().text();
  }

  private boolean startsColumn() {
    WhereToken token = peek();
    return token.kind() == Kind.QUOTED_NAME
        || (token.kind() == Kind.WORD && !RESERVED.contains(upper(token)));
  }

  private boolean startsLiteral() {
    WhereToken token = peek();
    return token.kind() == Kind.NUMBER
        || token.kind() == Kind.STRING
        || token.isWord("TRUE")
        || token.isWord("FALSE")
        || (token.isWord("TIMESTAMP") && tokens.get(next + 1).kind() == Kind.STRING);
  }

  private Object literal() {
    if (peek().isWord("NULL")) {
      throw expected("a value: NULL goes only in IS NULL and IS NOT NULL");
    }
    if (!startsLiteral()) {
      throw expected("a value (a number, a 'string', TRUE or FALSE)");
    }
    WhereToken token = take();
    return switch (token.kind()) {
      case NUMBER -> number(token.text());
      case STRING -> token.text();
      default -> token.isWord("TIMESTAMP") ? timestamp() : Boolean.valueOf(token.isWord("TRUE"));
    };
  }

  private static Object number(String text) {
    if (text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0) {
      try {
        return Long.valueOf(text);
      } catch (NumberFormatException beyondLong) {
        return new BigDecimal(text);
      }
    }
    return new BigDecimal(text);
  }

  /** The string after TIMESTAMP, checked and written the ISO way: a space between date and time becomes a T. */
  private String timestamp() {
    WhereToken token = take();
    String text = token.text();
    String iso = text.length() > 10 && text.charAt(10) == ' '
        ? text.substring(0, 10) + 'T' + text.substring(11)
        : text;
    try {
      DateTimeFormatter.ISO_DATE_TIME.parse(iso);
    } catch (DateTimeParseException e) {
      throw new WhereSyntaxException(
          where,
          token.position(),
          "expected a timestamp such as '2026-01-31 13:45:00Z' after TIMESTAMP");
    }
    return iso;
  }

  private boolean acceptWord(String keyword) {
    if (peek().isWord(keyword)) {
      take();
      return true;
    }
    return false;
  }

  private boolean acceptSymbol(String symbol) {
    if (peek().isSymbol(symbol)) {
      take();
      return true;
    }
    return false;
  }

  private WhereToken peek() {
    return tokens.get(next);
  }

  private WhereToken take() {
    return tokens.get(next++);
  }

  private WhereSyntaxException expected(String what) {
    return new WhereSyntaxException(where, peek().position(), "expected " + what);
  }

  private static String upper(WhereToken token) {
    return token.text().toUpperCase(Locale.ROOT);
  }
}

package io.mink.query.filter;

import org.apache.iceberg.expressions.BoundPredicate;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionVisitors;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.UnboundPredicate;

/** An unbound expression with each predicate replaced by what a subclass makes of it, the rest as it was. */
abstract class PredicateRewrite extends ExpressionVisitors.ExpressionVisitor<Expression> {
  final Expression rewrite(Expression expression) {
    return ExpressionVisitors.visit(expression, this);
  }

  @Override
  public abstract <T> Expression predicate(UnboundPredicate<T> predicate);

  @Override
  public final <T> Expression predicate(BoundPredicate<T> predicate) {
    throw new IllegalArgumentException("Cannot bind " + predicate
        + " as --where: it is bound already; pass the unbound expression");
  }

  @Override
  public final Expression alwaysTrue() {
    return Expressions.alwaysTrue();
  }

  @Override
  public final Expression alwaysFalse() {
    return Expressions.alwaysFalse();
  }

  @Override
  public final Expression not(Expression result) {
    return Expressions.not(result);
  }

  @Override
  public final Expression and(Expression left, Expression right) {
    return Expressions.and(left, right);
  }

  @Override
  public final Expression or(Expression left, Expression right) {
    return Expressions.or(left, right);
  }
}

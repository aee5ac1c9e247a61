package io.mink.query.read;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.iceberg.expressions.BoundPredicate;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionVisitors;
import org.apache.iceberg.expressions.UnboundPredicate;

/** The top-level columns an unbound filter names, so a read keeps them even when they are not returned. Pure. */
final class FilterColumns extends ExpressionVisitors.ExpressionVisitor<Set<String>> {
  private FilterColumns() {}

  static Set<String> of(Expression filter) {
    return ExpressionVisitors.visit(filter, new FilterColumns());
  }

  @Override
  public Set<String> alwaysTrue() {
    return Set.of();
  }

  @Override
  public Set<String> alwaysFalse() {
    return Set.of();
  }

  @Override
  public Set<String> not(Set<String> result) {
    return result;
  }

  @Override
  public Set<String> and(Set<String> left, Set<String> right) {
    return union(left, right);
  }

  @Override
  public Set<String> or(Set<String> left, Set<String> right) {
    return union(left, right);
  }

  @Override
  public <T> Set<String> predicate(BoundPredicate<T> pred) {
    throw new IllegalArgumentException("Expected an unbound filter, not " + pred);
  }

  @Override
  public <T> Set<String> predicate(UnboundPredicate<T> pred) {
    String name = pred.ref().name();
    int dot = name.indexOf('.');
    return Set.of(dot < 0 ? name : name.substring(0, dot));
  }

  private static Set<String> union(Set<String> left, Set<String> right) {
    Set<String> both = new LinkedHashSet<>(left);
    both.addAll(right);
    return both;
  }
}

package io.mink.schema.json;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Marks the definitions that reach themselves through $ref: those in a strongly connected
 * component of more than one definition, or referring to themselves. Tarjan's algorithm, with an
 * explicit stack so that long chains of references cannot overflow the thread's.
 */
final class RecursiveDefinitions {
  private static final class Visit {
    final Definition definition;
    final int index;
    int lowLink;
    int nextReference;
    boolean onStack = true;

    Visit(Definition definition, int index) {
      this.definition = definition;
      this.index = index;
      this.lowLink = index;
    }
  }

  private final IdentityHashMap<Definition, Visit> visits = new IdentityHashMap<>();
  private final Deque<Visit> component = new ArrayDeque<>();
  private final Deque<Visit> calls = new ArrayDeque<>();

  private RecursiveDefinitions() {}

  /** Marks every recursive definition reachable from the root. */
  static void mark(Definition root) {
    new RecursiveDefinitions().walk(root);
  }

  private void walk(Definition root) {
    enter(root);
    while (!calls.isEmpty()) {
      Visit visit = calls.peek();
      List<Definition> referenced = visit.definition.referenced();
      if (visit.nextReference < referenced.size()) {
        Definition target = referenced.get(visit.nextReference++);
        if (target == visit.definition) {
          target.markRecursive();
        }
        Visit seen = visits.get(target);
        if (seen == null) {
          enter(target);
        } else if (seen.onStack) {
          visit.lowLink = Math.min(visit.lowLink, seen.index);
        }
        continue;
      }
      calls.pop();
      if (!calls.isEmpty()) {
        Visit caller = calls.peek();
        caller.lowLink = Math.min(caller.lowLink, visit.lowLink);
      }
      if (visit.lowLink == visit.index) {
        closeComponent(visit);
      }
    }
  }

  private void enter(Definition definition) {
    Visit visit = new Visit(definition, visits.size());
    visits.put(definition, visit);
    component.push(visit);
    calls.push(visit);
  }

  private void closeComponent(Visit head) {
    List<Visit> members = new ArrayList<>();
    Visit member;
    do {
      member = component.pop();
      member.onStack = false;
      members.add(member);
    } while (member != head);
    if (members.size() > 1) {
      members.forEach(each -> each.definition.markRecursive());
    }
  }
}

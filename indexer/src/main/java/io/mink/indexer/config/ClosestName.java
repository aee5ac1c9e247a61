package io.mink.indexer.config;

import java.util.Collection;
import java.util.Optional;

/** Finds the valid name a misspelled one was probably meant to be. */
final class ClosestName {
  private ClosestName() {}

  /** The candidate within a few edits of {@code name}, the nearest first and then the first in order; empty if none is near. */
  static Optional<String> among(String name, Collection<String> candidates) {
    int allowed = Math.min(3, Math.max(1, name.length() / 3));
    String best = null;
    int bestDistance = allowed + 1;
    for (String candidate : candidates) {
      int distance = editDistance(name, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return Optional.ofNullable(best);
  }

  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}

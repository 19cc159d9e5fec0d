package io.costbench.service.sweep;

import java.util.List;

/** One page of a longer list; pages count from 0. */
public record ResultPage<T>(List<T> items, int page, int size, long totalItems) {

    public ResultPage {
        items = List.copyOf(items);
    }

    public long totalPages() {
        return (totalItems + size - 1) / size;
    }
}

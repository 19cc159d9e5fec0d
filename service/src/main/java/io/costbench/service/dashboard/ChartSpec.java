package io.costbench.service.dashboard;

import java.util.List;

/**
 * What a chart shows, as the page's script turns it into an ECharts option (static/js/charts.js). Serialised to JSON
 * into the container's {@code data-chart} attribute, so Thymeleaf escapes it like any attribute.
 *
 * @param xType      "value", "log", "category" or "time"
 * @param categories the x categories when {@code xType} is "category"
 * @param fileName   the name saveAsImage gives the PNG
 * @param yLog       a logarithmic y axis (costs and throughputs spanning orders of magnitude)
 */
record ChartSpec(String title, String xType, String xName, String yName, List<String> categories,
        List<Series> series, String fileName, boolean yLog) {

    ChartSpec(String title, String xType, String xName, String yName, List<String> categories, List<Series> series,
            String fileName) {
        this(title, xType, xName, yName, categories, series, fileName, false);
    }

    /**
     * @param type   "line", "bar" or "scatter"
     * @param data   [x, y] pairs (x a category index's label, a number or an ISO instant), optionally [x, y, label]
     * @param stack  a stack name for stacked bars, or null
     */
    record Series(String name, String type, List<List<Object>> data, String stack) {
    }

    boolean isEmpty() {
        return series.isEmpty() || series.stream().allMatch(s -> s.data().isEmpty());
    }
}

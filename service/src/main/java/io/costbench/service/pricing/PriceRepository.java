package io.costbench.service.pricing;

import java.util.List;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

interface PriceRepository extends JpaRepository<PriceRow, Long>, JpaSpecificationExecutor<PriceRow> {

    List<PriceRow> findByAcceleratorAndPurchaseOptionAndRegion(String accelerator, String purchaseOption,
            String region);
}

import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { DestroyMetricImageAction } from './actions/destroy-metric-image';
import { UpdateMetricImageAction } from './actions/update-metric-image';
import { UploadMetricImageAction } from './actions/upload-metric-image';
import { MetricImageController } from './metric-image.controller';
import { MetricImageStorage } from './metric-image-storage';

/** Incident metric images (the incident page's Metrics tab), behind METRIC_IMAGES. */
@Module({
  imports: [IssueModule],
  controllers: [MetricImageController],
  providers: [MetricImageStorage, UploadMetricImageAction, UpdateMetricImageAction, DestroyMetricImageAction],
})
export class MetricImageModule {}

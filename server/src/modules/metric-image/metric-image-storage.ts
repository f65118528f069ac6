import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { UploadStorage } from '../upload/upload-storage';

/**
 * Metric image files, beside the attachments: `<UPLOADS_DIR>/metric_images/<project id>/<secret>/<name>`
 * (shared between nodes like the uploads; never reachable through the attachments' route).
 */
@Injectable()
export class MetricImageStorage extends UploadStorage {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(path.join(config.uploadsDir, 'metric_images'));
  }
}

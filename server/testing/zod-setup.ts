import { configureZod } from '../../contract/zod-config.ts';

configureZod();

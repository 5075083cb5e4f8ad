import { missingFieldMessage } from '@workhub/shared/zod-messages';
import { z } from 'zod';

// Every request's schema: a field left out says so in the product's words (shared/zod-messages.ts).
z.config({ customError: missingFieldMessage });
